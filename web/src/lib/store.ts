import { createStore } from 'jotai';

/** One jotai store for the app, so non-React code (e.g. `toast()`) can write to it too. */
export const appStore = createStore();
