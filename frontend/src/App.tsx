import { Suspense } from 'react';
import { useMediaQuery } from '@mui/material';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { queryClient } from './boot.ts';
import { Layout } from './layout/Layout.tsx';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { i18nProvider } from './providers/i18nProvider.ts';
import { outreachResources } from './resources/index.tsx';
import NotFound from './pages/not-found/NotFound.tsx';
import { dashboard, ForgotPassword, guardedRoutes, ResetPassword, SignIn, SignUp } from './routes.tsx';
import { darkTheme, darkThemeWithoutMotion, lightTheme, lightThemeWithoutMotion, reducedMotionQuery } from './theme.ts';
import { FullScreenSpinner } from './ui/PageSpinner.tsx';
import { ToastHost } from './ui/Toast.tsx';

/**
 * Charterline: react-admin on the real API, hash routing (its default), every screen behind the session
 * guard except /signin, /signup, /forgot-password and /reset-password. While the session check runs, a full-screen spinner shows.
 */
export function App() {
  const reducedMotion = useMediaQuery(reducedMotionQuery, { noSsr: true });
  return (
    <Admin
      title="Charterline"
      disableTelemetry
      requireAuth
      queryClient={queryClient}
      loginPage={false}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      dashboard={dashboard.component}
      theme={reducedMotion ? lightThemeWithoutMotion : lightTheme}
      darkTheme={reducedMotion ? darkThemeWithoutMotion : darkTheme}
      loading={FullScreenSpinner}
      notification={ToastHost}
      catchAll={NotFound}
    >
      <CustomRoutes noLayout>
        <Route path="/signin" element={<Suspense fallback={<FullScreenSpinner />}><SignIn /></Suspense>} />
        <Route path="/signup" element={<Suspense fallback={<FullScreenSpinner />}><SignUp /></Suspense>} />
        <Route path="/forgot-password" element={<Suspense fallback={<FullScreenSpinner />}><ForgotPassword /></Suspense>} />
        <Route path="/reset-password" element={<Suspense fallback={<FullScreenSpinner />}><ResetPassword /></Suspense>} />
      </CustomRoutes>
      <CustomRoutes>
        {guardedRoutes.map(({ path, component: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </CustomRoutes>
      {outreachResources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
    </Admin>
  );
}
