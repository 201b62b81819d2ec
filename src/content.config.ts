// Content collections: every public text the spec calls hard-coded lives in src/content as YAML or
// Markdown, validated by the schemas in src/lib/shared/content-schemas.ts. A broken file fails `astro build`
// with an error naming the file and the field.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { aboutSchema, eventSchema, homeSchema, sermonSchema, siteSchema } from './lib/shared/content-schemas';

const yaml = (dir: string) => glob({ pattern: '*.{yaml,yml}', base: `./src/content/${dir}` });

export const collections = {
  site: defineCollection({ loader: yaml('site'), schema: siteSchema }),
  home: defineCollection({ loader: yaml('home'), schema: homeSchema }),
  about: defineCollection({ loader: yaml('about'), schema: aboutSchema }),
  sermons: defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/sermons' }), schema: sermonSchema }),
  events: defineCollection({ loader: yaml('events'), schema: eventSchema }),
};
