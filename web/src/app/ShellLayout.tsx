import { Suspense, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { PageLoader } from '../components/PageLoader';
import { SavedCopyNotice } from '../components/SavedCopyNotice';

/**
 * The frame of the directory pages: sticky Header, the page, Footer.
 * Pages rendered inside it must not draw their own header.
 */
export function ShellLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <Header />
      {/* At least a screen tall: the Footer starts below the fold, so a page that arrives
          (or grows as its data loads) pushes nothing visible down (layout shift, CLS). */}
      <Box component="main" style={{ flex: 1, minHeight: '100dvh' }}>
        <SavedCopyNotice />
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </Box>
      <Footer />
    </>
  );
}
