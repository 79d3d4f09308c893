import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Writes `dist/version` (`refs/tags/v<version>`), read at start-up like the official console's CI file. */
function versionFile(): Plugin {
  return {
    name: 'mqdeck-version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version', source: `refs/tags/v${pkg.version}\n` });
    },
  };
}

export default defineConfig({
  // Relative assets + relative `api/v5` + hash routing: the console can be served from any sub-path.
  base: './',
  // plugin-react is hoisted and typed against the root Vite; the runtime API is the same.
  plugins: [react() as unknown as Plugin, versionFile()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: read by scripts/bundle-report.mjs (initial JS of login and overview).
    manifest: true,
  },
  server: {
    proxy: { '/api': { target: process.env.MQDECK_API ?? 'http://127.0.0.1:18083', changeOrigin: true } },
  },
});
