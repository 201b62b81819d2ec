// Fields the API schemas of sermons, events and prayer requests share, so each rule is written once.
import { z } from 'zod';
import { contentFieldRules as rules, messages } from './messages';

/** One of a list of values, refused with the label and the list. */
export const enumOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

/** Trimmed tags of the content field rules (messages.ts), at most so many, each kept once. */
export const tagListSchema = z
  .array(
    z
      .string({ error: messages.pattern })
      .trim()
      .min(1, messages.required('Tag'))
      .max(rules.tag.maxLength, messages.maxLength(rules.tag.maxLength)),
    { error: messages.pattern },
  )
  .max(rules.tags.maxItems, `Maximum ${rules.tags.maxItems} tags allowed`)
  .transform((list) => [...new Set(list)]);
