import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { appConfig } from '../config/app-config';
import { setNavigator } from '../lib/navigation';
import { AppShell } from './app-shell';
import { Redirect } from './redirect';
import { routeNames, routes, type RouteName } from './routes';

/** Lets the HTTP client's 401 / ipBlocked flows navigate without reloading the page. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path, options) => void navigate(path, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

// One lazy component per registered route, created once: each screen is its own chunk.
const screens: Array<[RouteName, string, LazyExoticComponent<ComponentType>]> = routeNames.flatMap((name) => {
  const { screen, path } = routes[name];
  return screen ? [[name, path, lazy(screen)] as [RouteName, string, LazyExoticComponent<ComponentType>]] : [];
});

/** The route tree, under the browser's router or the server's (app/entry-server.tsx). */
export function AppRoutes() {
  return (
    <>
      <NavigationBridge />
      <Routes>
        <Route element={<AppShell />}>
          {screens.map(([name, path, Screen]) => (
            <Route key={name} path={path} element={<Screen />} />
          ))}
          {/* docs/product.md#routes: an unknown path goes to the homepage. */}
          <Route path="*" element={<Redirect to="/" replace />} />
        </Route>
      </Routes>
    </>
  );
}

/** Declarative React Router (the data router would add ~15 KB gzip to the first screen). */
export function AppRouter() {
  return (
    <BrowserRouter basename={appConfig.basePath}>
      <AppRoutes />
    </BrowserRouter>
  );
}
