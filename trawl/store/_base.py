"""The declarative base every trawl model derives from (one metadata: the migrations' target)."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass
