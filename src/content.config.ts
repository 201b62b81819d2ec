// Content collections: the church's editorial copy (site settings, home, about) lives in src/content as YAML,
// validated by the schemas in src/lib/shared/site/content-schemas.ts. A broken file fails `astro build` with an error
// naming the file and the field. Sermons and events live in the database and reach the pages through the
// runtime's read functions the host hands each page (Astro.locals, src/lib/content/live-content.ts).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { aboutSchema, homeSchema, siteSchema } from './lib/shared/site/content-schemas';

const yaml = (dir: string) => glob({ pattern: '*.{yaml,yml}', base: `./src/content/${dir}` });

export const collections = {
  site: defineCollection({ loader: yaml('site'), schema: siteSchema }),
  home: defineCollection({ loader: yaml('home'), schema: homeSchema }),
  about: defineCollection({ loader: yaml('about'), schema: aboutSchema }),
};
