// The site's name, handed to the client-only admin app as props by src/pages/admin/[...path].astro and shared
// through this context (sermons and events come from the API).
import { createContext, useContext, type ReactNode } from 'react';
import type { AdminContent } from '../../lib/shared/live/types';

export type { AdminContent };

const AdminContentContext = createContext<AdminContent | null>(null);

export function AdminContentProvider({ value, children }: { value: AdminContent; children: ReactNode }) {
  return <AdminContentContext.Provider value={value}>{children}</AdminContentContext.Provider>;
}

export function useAdminContent(): AdminContent {
  const content = useContext(AdminContentContext);
  if (!content) throw new Error('useAdminContent must be used inside AdminContentProvider');
  return content;
}
