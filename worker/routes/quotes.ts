import { Hono } from 'hono';
import type { AppBindings } from '../env';

// Placeholder: built in issue 5.
export const quoteRoutes = new Hono<AppBindings>();
