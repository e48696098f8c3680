import type { Plugin } from 'vite';

// React Router's package ships one large module whose components are made by calls
// (`var Form = React.forwardRef(...)`) and then named (`Form.displayName = "Form"`). A bundler
// must keep a call it cannot prove free of effects, and every naming line keeps its component:
// the first chunk carried Form, NavLink, ScrollRestoration and the history router, which a
// declarative router never renders.
const routerModule = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[^\\/]+\.mjs$/;
const naming = /^\w+\.displayName = "[^"]*";$/gm;
const componentFactory = /= (React\d*\.(?:forwardRef|createContext|memo)\()/g;

/**
 * Lets the browser build drop React Router's unused components: removes their display names
 * (read only by React's developer tools) and marks the factory calls pure. Stops the build when
 * the module is no longer found, so an upgrade cannot quietly bring the bytes back.
 */
export function reactRouterShake(): Plugin {
  let seen = false;
  return {
    name: 'school:react-router-shake',
    apply: 'build',
    transform(code, id) {
      if (!routerModule.test(id)) return null;
      seen = true;
      return { code: code.replace(naming, '').replace(componentFactory, '= /* @__PURE__ */ $1'), map: null };
    },
    buildEnd(error) {
      if (!error && !seen) this.error('react-router-shake: React Router module not found; update its pattern');
    },
  };
}
