// Starts a Vite dev server for the map bench page on an ephemeral port (no backend; public/ serves line.png).
import { createServer, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));

export async function startMapPageServer(): Promise<{ url: string; server: ViteDevServer }> {
  const server = await createServer({
    configFile: false,
    root,
    publicDir: `${repo}public`,
    plugins: [react()],
    worker: { format: 'es' },
    logLevel: 'warn',
    server: { port: 0, host: '127.0.0.1', strictPort: false, fs: { allow: [repo] } },
    optimizeDeps: { include: ['react', 'react-dom/client', 'react-konva', 'konva', 'jotai', 'comlink', 'lucide-react', 'supercluster', 'kdbush'] },
  });
  await server.listen();
  const addr = server.httpServer?.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}/`, server };
}
