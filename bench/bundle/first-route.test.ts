import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectFirstRoute, findEntryAssets, findStaticImports } from './first-route';

let distDir = '';
afterEach(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe('the first route of the built web app', () => {
  it('reads the entry script, its modulepreload links and stylesheets from index.html', () => {
    const html = `<script type="module" crossorigin src="/assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
      <link rel="icon" type="image/svg+xml" href="/favicon.svg" />`;
    expect(findEntryAssets(html)).toEqual([
      '/assets/index-a1.js',
      '/assets/react-b2.js',
      '/assets/index-c3.css',
    ]);
  });

  it('follows static imports but not dynamic ones', () => {
    const code =
      'import{a as b,c}from"./react-b2.js";import"./side-effect.js";const p=()=>import("./SitesPage-d4.js");';
    expect(findStaticImports(code)).toEqual(['./react-b2.js', './side-effect.js']);
  });

  it('collects the entry and everything it imports statically, once each', () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bundle-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css">',
    );
    fs.writeFileSync(
      path.join(distDir, 'assets/index.js'),
      'import"./a.js";import"./b.js";import("./lazy.js");',
    );
    fs.writeFileSync(path.join(distDir, 'assets/a.js'), 'import"./b.js";');
    fs.writeFileSync(path.join(distDir, 'assets/b.js'), 'export{}');
    fs.writeFileSync(path.join(distDir, 'assets/index.css'), 'body{}');
    expect(collectFirstRoute(distDir)).toEqual([
      'assets/a.js',
      'assets/b.js',
      'assets/index.css',
      'assets/index.js',
    ]);
  });
});
