import { Suspense, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { PageLoader } from '../components/PageLoader';

/**
 * The frame of the directory pages: sticky Header, the page, Footer.
 * Pages rendered inside it must not draw their own header.
 */
export function ShellLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <Header />
      <Box component="main" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </Box>
      <Footer />
    </>
  );
}
