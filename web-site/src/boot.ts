/**
 * The swipe page's only inline script: it loads the island (`data-island` on <body>) once the
 * first creative has been painted (its largest-contentful-paint entry), or a second after `load`
 * where that entry never comes, or right after the first frames in browsers without the LCP API.
 * So no script is fetched or run before the first and largest paint, and a phone on a slow
 * connection spends its first round trips on the page and its first image. The page works
 * without it (links, the company texts' fallback); swiping starts when the island arrives.
 *
 * Plain ES5 with dynamic `import()`, written out once: the sites' Content-Security-Policy admits
 * exactly this text by its SHA-256 (infra/lib/sites/headers.ts), never inline script in general.
 */
export const BOOT_JS =
  "(function(){var s=document.body.dataset.island;if(!s)return;var d=0,g=function(){if(d)return;d=1;setTimeout(function(){import(s)},0)};var t=typeof PerformanceObserver=='function'&&PerformanceObserver.supportedEntryTypes;var l=!!t&&t.indexOf('largest-contentful-paint')>=0;if(l)new PerformanceObserver(function(x,o){if(x.getEntries().some(function(e){return e.element&&e.element.matches('.m')})){o.disconnect();g()}}).observe({type:'largest-contentful-paint',buffered:true});var w=function(){l?setTimeout(g,1000):requestAnimationFrame(function(){requestAnimationFrame(g)})};document.readyState=='complete'?w():addEventListener('load',w,{once:true})})()"
