// The admin frame: the navigation (a sidebar on a wide screen, a drawer on a narrow one), the top bar, the routed
// screen, and the toast area.
import type { ReactNode } from 'react';
import { Toaster } from '../../ui/Toaster';
import { NavDrawer, Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useNarrowScreen } from './useNarrowScreen';

export function AdminLayout({ children }: { children: ReactNode }) {
  const narrow = useNarrowScreen();
  return (
    <div className="flex min-h-screen bg-background text-text">
      {narrow ? <NavDrawer /> : <Sidebar />}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar narrow={narrow} />
        <main id="admin-main" className="min-w-0 flex-1 p-4 sm:p-6">
          {children}
        </main>
      </div>
      <Toaster />
    </div>
  );
}
