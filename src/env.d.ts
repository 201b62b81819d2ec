// Astro.locals of the pages rendered on demand: what the host passes with every request (src/host/main.ts).
declare namespace App {
  interface Locals {
    /** The server's read functions for sermons, events and the prayer wall (absent only if no server passed them). */
    content?: import('./lib/shared/live/registry').ContentReader;
    /** The giving pages' read functions: /give, /give/thanks, /give/statement (src/server/giving/pages.ts). */
    giving?: import('./lib/shared/giving/reader').GivingReader;
    /** The members' reads (src/server/members/reader.ts): the signed-in member of a Cookie header, the ministries. */
    members?: import('./lib/shared/members/api').MemberReader;
    /** On a /my page: the signed-in member, resolved once per request by src/middleware.ts (absent: signed out). */
    member?: import('./lib/shared/members/api').SignedInMember;
  }
}
