import { mount } from 'svelte';
import App from './App.svelte';
import './base/global.css';
import { themeCss } from './base/theme';
import { rememberedTheme } from './base/theme-memory';

// The theme variables go in before the first paint, so nothing flashes unstyled.
const style = document.createElement('style');
style.dataset.marketdesk = 'theme';
style.textContent = themeCss();
document.head.append(style);

document.documentElement.dataset.theme = rememberedTheme(globalThis.localStorage ?? null);

const target = document.getElementById('app');
if (!target) throw new Error('Marketdesk: #app element missing from index.html');
export default mount(App, { target });
