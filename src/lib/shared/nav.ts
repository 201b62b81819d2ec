// The public site's navigation (docs/PRODUCT.md (Pages and screens)): the header lists every entry, the
// footer's Quick Links every entry but Home, under its footer label where it has one.
export interface NavLink {
  href: string;
  label: string;
  /** The footer's wording, where it differs from the header's. */
  footerLabel?: string;
}

export const PUBLIC_NAV: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About', footerLabel: 'About Us' },
  { href: '/sermons', label: 'Sermons' },
  { href: '/contact', label: 'Contact' },
];

export const FOOTER_LINKS = PUBLIC_NAV.filter((link) => link.href !== '/').map((link) => ({
  href: link.href,
  label: link.footerLabel ?? link.label,
}));

/** The admin sign-in, last in the header's menus. */
export const LOGIN_LINK: NavLink = { href: '/login', label: 'Admin Login' };
