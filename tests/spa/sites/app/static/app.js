// A small admin app on Vue 3 + vue-router (history mode): every view fetches its content
// after mounting, one section is a lazily loaded component, and the FAQ's answers exist in
// the DOM only once their accordion button is pressed, as in many real admin UIs.
const { createApp, defineAsyncComponent, ref, onMounted, h } = Vue;

const useJson = (path) => {
  const data = ref(null);
  onMounted(async () => { data.value = await (await fetch(path)).json(); });
  return data;
};

const Home = {
  setup() { return { page: useJson('/app/api/home.json') }; },
  template: `<section v-if="page"><h1>{{ page.title }}</h1>
    <p v-for="p in page.paragraphs">{{ p }}</p>
    <h2><a href="#status" id="status">{{ page.statusTitle }}</a></h2>
    <p>{{ page.status }}</p></section>`,
};

const LazyStats = defineAsyncComponent(async () => {
  const stats = await (await fetch('/app/api/stats.json')).json();
  return { render: () => h('section', { class: 'stats' }, [
    h('h2', stats.title), ...stats.rows.map((r) => h('p', r))]) };
});

const Guide = {
  components: { LazyStats },
  setup() { return { page: useJson('/app/api/guide.json') }; },
  template: `<section v-if="page"><h1>{{ page.title }}</h1>
    <p v-for="p in page.paragraphs">{{ p }}</p><LazyStats /></section>`,
};

const Faq = {
  setup() {
    const open = ref({});
    return { page: useJson('/app/api/faq.json'), open };
  },
  template: `<section v-if="page"><h1>{{ page.title }}</h1>
    <div v-for="(item, i) in page.items" class="faq">
      <h3><button type="button" :aria-expanded="!!open[i]" :aria-controls="'a' + i"
        @click="open[i] = !open[i]">{{ item.q }}</button></h3>
      <div v-if="open[i]" :id="'a' + i"><p>{{ item.a }}</p></div>
    </div></section>`,
};

const router = VueRouter.createRouter({
  history: VueRouter.createWebHistory('/app/'),
  routes: [{ path: '/', component: Home }, { path: '/guide', component: Guide },
           { path: '/faq', component: Faq }],
});

createApp({
  template: `<header><nav><router-link to="/">Overview</router-link> ·
    <router-link to="/guide">Guide</router-link> · <router-link to="/faq">FAQ</router-link>
    </nav></header><main><router-view /></main>`,
}).use(router).mount('#app');
