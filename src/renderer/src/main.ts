import { mount } from 'svelte';
import App from './App.svelte';
import './app/global.css';
import { themeCss } from './app/theme';
import { rememberedTheme } from './app/theme-memory';

// The theme variables go in before the first paint, so nothing flashes unstyled.
const style = document.createElement('style');
style.dataset.marketdesk = 'theme';
style.textContent = themeCss();
document.head.append(style);

document.documentElement.dataset.theme = rememberedTheme(globalThis.localStorage ?? null);

const target = document.getElementById('app');
if (!target) throw new Error('Marketdesk: #app element missing from index.html');
export default mount(App, { target });
