// Sample prayer requests (docs/PRODUCT.md (Data, States)): the spec keeps prayers on the client as fixed sample
// data. Together they cover every category, status and priority, include private requests and requests
// with more than three tags, so every state of the Prayers screen shows.

export const PRAYER_CATEGORIES = ['health', 'family', 'guidance', 'gratitude', 'ministry', 'personal'] as const;
export const PRAYER_STATUSES = ['active', 'ongoing', 'answered', 'closed'] as const;
export const PRAYER_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

export type PrayerCategory = (typeof PRAYER_CATEGORIES)[number];
export type PrayerStatus = (typeof PRAYER_STATUSES)[number];
export type PrayerPriority = (typeof PRAYER_PRIORITIES)[number];

export interface PrayerRequest {
  id: string;
  title: string;
  requester: string;
  category: PrayerCategory;
  priority: PrayerPriority;
  status: PrayerStatus;
  description: string;
  dateRequested: string; // ISO date
  lastUpdated: string; // ISO date
  isPublic: boolean;
  assignedTo?: string;
  supporters: number;
  updates: number;
  tags: string[];
}

export const SAMPLE_PRAYERS: PrayerRequest[] = [
  {
    id: 'p1',
    title: 'Healing after surgery',
    requester: 'Ama Mensah',
    category: 'health',
    priority: 'urgent',
    status: 'active',
    description: 'Please pray for a quick and full recovery after my knee surgery at Korle Bu this week.',
    dateRequested: '2026-11-18',
    lastUpdated: '2026-11-21',
    isPublic: true,
    assignedTo: 'Pastor Grace Adjei',
    supporters: 42,
    updates: 3,
    tags: ['healing', 'surgery', 'recovery', 'hospital', 'strength'],
  },
  {
    id: 'p2',
    title: 'Reconciliation in our family',
    requester: 'Kofi Boateng',
    category: 'family',
    priority: 'high',
    status: 'ongoing',
    description: 'Praying for peace and understanding between my brothers after a long disagreement over land.',
    dateRequested: '2026-10-30',
    lastUpdated: '2026-11-15',
    isPublic: false,
    assignedTo: 'Deaconess Efua Owusu',
    supporters: 17,
    updates: 2,
    tags: ['family', 'peace', 'reconciliation'],
  },
  {
    id: 'p3',
    title: 'Direction for my studies',
    requester: 'Yaw Darko',
    category: 'guidance',
    priority: 'medium',
    status: 'active',
    description: 'I must choose between nursing and engineering at university. Pray for wisdom and clarity.',
    dateRequested: '2026-11-10',
    lastUpdated: '2026-11-10',
    isPublic: true,
    supporters: 23,
    updates: 0,
    tags: ['wisdom', 'education', 'youth', 'decisions'],
  },
  {
    id: 'p4',
    title: 'Thanksgiving for a new job',
    requester: 'Abena Adjei',
    category: 'gratitude',
    priority: 'low',
    status: 'answered',
    description: 'After eight months of searching I have started work at a bank in Osu. Thank you for praying with me.',
    dateRequested: '2026-08-02',
    lastUpdated: '2026-11-01',
    isPublic: true,
    supporters: 64,
    updates: 4,
    tags: ['thanksgiving', 'employment'],
  },
  {
    id: 'p5',
    title: 'Outreach to Nima community',
    requester: 'Samuel Tetteh',
    category: 'ministry',
    priority: 'high',
    status: 'active',
    description:
      'Our outreach team visits Nima next month with food parcels and a health screening. Pray for open doors.',
    dateRequested: '2026-11-05',
    lastUpdated: '2026-11-20',
    isPublic: true,
    assignedTo: 'Outreach Ministry',
    supporters: 31,
    updates: 2,
    tags: ['outreach', 'community', 'missions', 'volunteers', 'provision', 'health'],
  },
  {
    id: 'p6',
    title: 'Strength through grief',
    requester: 'Grace Ofori',
    category: 'personal',
    priority: 'urgent',
    status: 'ongoing',
    description: 'My mother passed away last month. Pray for comfort for me and my children.',
    dateRequested: '2026-10-12',
    lastUpdated: '2026-11-19',
    isPublic: false,
    assignedTo: 'Pastor Grace Adjei',
    supporters: 58,
    updates: 5,
    tags: ['grief', 'comfort', 'family', 'loss'],
  },
  {
    id: 'p7',
    title: 'Safe delivery of our baby',
    requester: 'Esi Quaye',
    category: 'health',
    priority: 'medium',
    status: 'answered',
    description: 'Our daughter was born healthy on 3 November. Thank you all for your prayers!',
    dateRequested: '2026-09-20',
    lastUpdated: '2026-11-04',
    isPublic: true,
    supporters: 75,
    updates: 3,
    tags: ['pregnancy', 'thanksgiving'],
  },
  {
    id: 'p8',
    title: 'Provision for school fees',
    requester: 'Kwabena Osei',
    category: 'family',
    priority: 'medium',
    status: 'closed',
    description: 'We needed help with the term fees for our three children. The need has been met.',
    dateRequested: '2026-07-14',
    lastUpdated: '2026-09-01',
    isPublic: false,
    supporters: 12,
    updates: 1,
    tags: ['provision', 'education'],
  },
  {
    id: 'p9',
    title: 'Worship team unity',
    requester: 'Nana Akua Frimpong',
    category: 'ministry',
    priority: 'low',
    status: 'ongoing',
    description: 'Pray that the worship team grows in unity and skill as we prepare the Christmas service.',
    dateRequested: '2026-11-02',
    lastUpdated: '2026-11-16',
    isPublic: true,
    assignedTo: 'Music Ministry',
    supporters: 19,
    updates: 1,
    tags: ['worship', 'music', 'unity', 'christmas'],
  },
  {
    id: 'p10',
    title: 'Business decision',
    requester: 'Daniel Amoah',
    category: 'guidance',
    priority: 'low',
    status: 'closed',
    description: 'I asked for guidance on expanding my shop in Madina. I have decided to wait a year.',
    dateRequested: '2026-06-08',
    lastUpdated: '2026-08-20',
    isPublic: true,
    supporters: 9,
    updates: 2,
    tags: ['business', 'wisdom'],
  },
  {
    id: 'p11',
    title: 'Grateful for 25 years of marriage',
    requester: 'Comfort Agyeman',
    category: 'gratitude',
    priority: 'low',
    status: 'active',
    description: 'Celebrating our silver anniversary. We thank God for His faithfulness to our home.',
    dateRequested: '2026-11-20',
    lastUpdated: '2026-11-20',
    isPublic: true,
    supporters: 38,
    updates: 0,
    tags: ['marriage', 'anniversary', 'thanksgiving'],
  },
  {
    id: 'p12',
    title: 'Freedom from anxiety',
    requester: 'Michael Addo',
    category: 'personal',
    priority: 'high',
    status: 'answered',
    description: 'I have struggled with anxiety before exams. This term I slept well and passed. Thank you.',
    dateRequested: '2026-09-01',
    lastUpdated: '2026-10-28',
    isPublic: false,
    supporters: 27,
    updates: 2,
    tags: ['anxiety', 'peace', 'mental health', 'students'],
  },
];
