// Shapes of the church content as the islands receive it (docs/PRODUCT.md (Data)). The zod schemas in
// src/content.config.ts validate the files; pages map entries to these plain, serialisable objects.

/** The church content the API keeps in the database (and the names its change hook announces). */
export const CONTENT_COLLECTIONS = ['sermons', 'events'] as const;
export type ContentCollection = (typeof CONTENT_COLLECTIONS)[number];

/**
 * What the public pages' route cache is tagged with and purged by: the content collections, and the prayer
 * wall (approved public prayer requests on /prayers), the public ministries (/ministries) and the branches
 * (/assemblies).
 */
export const LIVE_TAGS = [...CONTENT_COLLECTIONS, 'prayers', 'ministries', 'branches'] as const;
export type LiveTag = (typeof LIVE_TAGS)[number];

export const SERMON_STATUSES = ['published', 'draft', 'scheduled'] as const;
export type SermonStatus = (typeof SERMON_STATUSES)[number];

export interface Sermon {
  id: string; // the entry's slug, also its public URL segment
  title: string;
  speaker: string;
  date: string; // ISO date, e.g. 2026-11-15
  category: string;
  duration: string; // display text, e.g. "45 min"
  description: string;
  thumbnail?: string;
  audioUrl?: string;
  videoUrl?: string;
  series?: string;
  views: number;
  likes: number;
  comments: number;
  status: SermonStatus;
  tags: string[];
}

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export const EVENT_TYPES = ['recurring', 'one-time', 'series'] as const;
export const EVENT_CATEGORIES = [
  'worship',
  'prayer',
  'study',
  'fellowship',
  'outreach',
  'special',
  'youth',
  'children',
] as const;

export interface ChurchEvent {
  id: string;
  title: string;
  description: string;
  category: (typeof EVENT_CATEGORIES)[number];
  type: (typeof EVENT_TYPES)[number];
  status: (typeof EVENT_STATUSES)[number];
  startDate: string; // ISO date
  endDate: string; // ISO date
  startTime: string; // 24-hour HH:MM; shown in 12-hour format
  endTime: string;
  location: string;
  capacity: number;
  registered: number;
  waitlist: number;
  organizer: string;
  isPublic: boolean;
  requiresRegistration: boolean;
  tags: string[];
  imageUrl?: string;
}

/** Site settings the islands need (the rest stays in Astro components). */
export interface SiteInfo {
  name: string;
  shortName: string;
}

/** What the admin page hands the client-only admin app: the site's name (the screens read sermons and events
 * from the API). */
export interface AdminContent {
  site: SiteInfo;
}
