// The installable app: web app manifest and the service worker (workers/sw.ts: its routes and caches), built by
// vite-plugin-pwa with the precache list injected: the app shell (html, js, css, workers), the icons, the bundled line
// image and its tiles. registerType 'prompt': a new version waits until every tab is closed (or the user accepts the
// French message).
import { VitePWA } from 'vite-plugin-pwa';

export const THEME_COLOR = '#0b4f9c';

export function pwaPlugin() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false, // src/features/offline/UpdatePrompt.tsx registers it
    includeAssets: ['icons/apple-touch-icon.png'],
    manifest: {
      name: 'Signalements ferroviaires',
      short_name: 'Signalements',
      description: 'Signalement et suivi des anomalies sur le plan de la ligne ferroviaire.',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    strategies: 'injectManifest',
    srcDir: 'workers',
    filename: 'sw.ts',
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,woff,woff2}', 'line.png', 'line-tiles/**/*.png'], // + the manifest icons and includeAssets
      globIgnores: ['**/*.map'],
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      rollupFormat: 'iife',
    },
    devOptions: { enabled: false },
  });
}
