// The admin frame: sidebar, top bar, the routed screen, and the toast area.
import type { ReactNode } from 'react';
import { Toaster } from '../../ui/Toaster';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen bg-background text-text">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id="admin-main" className="flex-1 p-4 sm:p-6">
          {children}
        </main>
      </div>
      <Toaster />
    </div>
  );
}
