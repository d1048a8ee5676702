import { Suspense, useMemo, useRef, type ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType } from 'react-router';
import { screenUnderDetail } from '../bank-detail/index.tsx';
import { bankDetail } from '../routes.tsx';
import { SendEmailProvider } from '../resources/sent-emails/SendEmailProvider.tsx';
import { PageErrorBoundary } from '../ui/PageErrorBoundary.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { useFocusedFieldKeptInView } from '../ui/useFocusedFieldKeptInView.ts';
import { AnalystChatPanel } from './AnalystChatPanel.tsx';
import { AppSidebar } from './AppSidebar.tsx';
import { AuthErrorListener } from './AuthErrorListener.tsx';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { DemoDataBanner } from './DemoDataBanner.tsx';
import { useConnection } from '../providers/connection.ts';
import { useTitleFromHeading } from './documentTitle.ts';
import { MobileMenuButton, MobileNavProvider } from './mobileNav.tsx';
import { mainContentId, SkipToContent } from './SkipToContent.tsx';

/**
 * The signed-in shell: a "Skip to content" link, the sidebar, demo-data banner, the page (code-split, behind Suspense), the chat
 * button, the Send Email modal, and a bank detail opened from a screen, shown over that screen.
 */
export function Layout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { pathname } = location;
  // While a bank detail is open over a screen, the page's routes are given that screen's address, so
  // the screen stays mounted under the detail as it was (react-admin's routes take no location of their own).
  const underDetail = screenUnderDetail(location);
  const pageLocation = useMemo(() => ({ location: underDetail ?? location, navigationType }), [underDetail, location, navigationType]);
  const { returns } = useConnection();
  const main = useRef<HTMLElement | null>(null);
  useTitleFromHeading(main);
  useFocusedFieldKeptInView();
  return (
    <SendEmailProvider>
        <MobileNavProvider>
          <SkipToContent target={main} />
          <AuthErrorListener />
          <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }} data-testid="app-shell">
            <AppSidebar />
            {/*
              Room for the floating chat button below the end of every page, and on wide screens a right
              gutter keeping it off the last column of tables. Each side is set once: a responsive padding
              overrides a plain one whatever their order. A page that fills the window (the Analyst Chat,
              where the button is hidden) takes the height left under the banner.
            */}
            <Box
              component="main"
              ref={main}
              id={mainContentId}
              // focused by "Skip to content", never a stop of the keyboard itself
              tabIndex={-1}
              sx={{
                '&:focus': { outline: 'none' },
                flex: 1,
                minWidth: 0,
                pt: { xs: 2, md: 3 },
                pl: { xs: 2, md: 3 },
                pr: { xs: 2, md: 11 },
                pb: 12,
                '&:has(> [data-fills-window])': { display: 'flex', flexDirection: 'column', height: '100dvh', pr: { xs: 2, md: 3 }, pb: { xs: 2, md: 3 } },
              }}
            >
              <ConnectionBanner />
              <DemoDataBanner />
              {/* Record screens (lists, show, edit) put their title here, beside the phone's menu button; the other screens have their own header. */}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, '&:has(> #react-admin-title:empty)': { display: 'none' } }}>
                <MobileMenuButton />
                <Typography id="react-admin-title" variant="h5" component="h1" sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }} />
              </Stack>
              <PageErrorBoundary resetKey={`${pathname} ${returns}`}>
                <LocationContext.Provider value={pageLocation}>
                  <Suspense fallback={<PageSpinner />}>{children}</Suspense>
                </LocationContext.Provider>
              </PageErrorBoundary>
            </Box>
            <AnalystChatPanel />
          </Box>
          {underDetail && (
            <Suspense fallback={null}>
              <bankDetail.component />
            </Suspense>
          )}
        </MobileNavProvider>
    </SendEmailProvider>
  );
}
