// js-yaml (the YAML parser Astro's content loader uses, installed with astro) ships no types.
declare module 'js-yaml' {
  export function load(source: string): unknown;
}
