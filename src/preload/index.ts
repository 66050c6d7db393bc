/**
 * Preload: exposes only the bridge client as `window.marketdesk` (arrives with the
 * main-process issue). No raw ipcRenderer, no process.env.
 */
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('marketdesk', Object.freeze({ version: 1 }));
