// The public site's navigation (docs/PRODUCT.md (Public layout)): the header lists every entry by its short label;
// the footer's Quick Links (every entry but Home) and the 404 page's Popular Pages use the long one. The spec's
// links (Home, About, Sermons, Contact) keep their order; the pages a visitor otherwise reached only from the home
// page's cards (issue 28) sit between them.
export interface NavLink {
  href: string;
  label: string;
}

const PAGES = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About', long: 'About Us' },
  { href: '/sermons', label: 'Sermons' },
  { href: '/events', label: 'Events' },
  { href: '/prayers', label: 'Prayers' },
  { href: '/ministries', label: 'Ministries' },
  { href: '/give', label: 'Give' },
  { href: '/contact', label: 'Contact' },
] as const;

export const PUBLIC_NAV: readonly NavLink[] = PAGES.map(({ href, label }) => ({ href, label }));

/** The same pages in their longer wording. */
export const POPULAR_PAGES: readonly NavLink[] = PAGES.map((page) => ({
  href: page.href,
  label: 'long' in page ? page.long : page.label,
}));

export const FOOTER_LINKS = POPULAR_PAGES.filter((link) => link.href !== '/');

/** /assemblies, in the footer of the pages rendered on demand once there are two or more branches. */
export const ASSEMBLIES_LINK: NavLink = { href: '/assemblies', label: 'Our Assemblies' };

/** The members' own pages (/my), before the admin sign-in in the header's menus. */
export const MEMBERS_LINK: NavLink = { href: '/my', label: 'Members' };

/** The admin sign-in, last in the header's menus. */
export const LOGIN_LINK: NavLink = { href: '/login', label: 'Admin Login' };
