// Every /api/v1/* request goes to the Hono app (src/server), which migrates the database first.
import type { APIRoute } from 'astro';
import { app } from '../../server/runtime';

export const prerender = false;
export const ALL: APIRoute = ({ request }) => app.fetch(request);
