// The slug lives in worker/shared (the web app uses it too).
export { slugify } from '../shared/slug';
