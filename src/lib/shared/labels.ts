// A closed set of values that screens show by words of their own (a role, a status, a kind): each value is written
// once, as a key of its labels, so the list, its order, its type and its words cannot drift apart.

/** The values `labels` names, in the order they are written there (the order screens list them in). */
export const valuesOf = <K extends string>(labels: Record<K, string>): readonly [K, ...K[]] =>
  Object.keys(labels) as [K, ...K[]];
