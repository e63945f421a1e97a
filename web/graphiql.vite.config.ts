/**
 * Second build of web/: the GraphiQL page (graphiql.html → dist/graphiql.html), built on its own
 * after the app so the two share no chunk and the app's bundles stay as they are.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    // The app's build ran first into the same folder.
    emptyOutDir: false,
    rollupOptions: { input: 'graphiql.html' },
    // GraphiQL (editor, language service, React) is one ~250 KB gzipped page of its own.
    chunkSizeWarningLimit: 1000,
  },
});
