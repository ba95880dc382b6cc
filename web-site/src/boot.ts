/**
 * The swipe page's only inline script: it loads the island (`data-island` on <body>) once the
 * first creative has been painted (its largest-contentful-paint entry), or a second after `load`
 * where that entry never comes, or right after the first frames in browsers without the LCP API.
 * So no script is fetched or run before the first and largest paint, and a phone on a slow
 * connection spends its first round trips on the page and its first image. The page works
 * without it (links, the company texts' fallback); swiping starts when the island arrives.
 *
 * Before that, and before the first paint where the browser has not painted yet, it brings a
 * returning visitor back to the language they chose (docs/decisions/0018-multilingual-sites.md): on the
 * default language's page only (`data-langs` on <body> lists the site's other languages' URL segments there
 * and nowhere else), when the `lang` cookie names one of those languages and the visitor did not come from a
 * page of the same site, it replaces the page with that language's (`{root}{segment}/`, query and fragment
 * kept). The target page has no `data-langs`, so it never redirects again; a visitor who chose the default
 * language has a cookie naming it, which is not in the list. A tap on a language link writes the
 * cookie at once (30 days, the site's path), so a choice made before the island arrives counts.
 *
 * Plain ES5 with dynamic `import()`, written out once: the sites' Content-Security-Policy admits
 * exactly this text by its SHA-256 (infra/lib/sites/headers.ts), never inline script in general.
 */
export const BOOT_JS =
  "(function(){var b=document.body.dataset,r=b.root||'/',p=r=='/'?r:r.replace(/\\/$/,''),c=/(?:^|;\\s*)lang=([a-z]+)(?:;|$)/.exec(document.cookie);document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('[data-l]');if(a)document.cookie='lang='+a.getAttribute('data-l')+'; path='+p+'; max-age=2592000; samesite=lax'+(location.protocol=='https:'?'; secure':'')});if(c&&b.langs&&(' '+b.langs+' ').indexOf(' '+c[1]+' ')>=0&&document.referrer.indexOf(location.origin+r)!=0){location.replace(r+c[1]+'/'+location.search+location.hash);return}var s=b.island;if(!s)return;var d=0,g=function(){if(d)return;d=1;setTimeout(function(){import(s)},0)};var t=typeof PerformanceObserver=='function'&&PerformanceObserver.supportedEntryTypes;var l=!!t&&t.indexOf('largest-contentful-paint')>=0;if(l)new PerformanceObserver(function(x,o){if(x.getEntries().some(function(e){return e.element&&e.element.matches('.m')})){o.disconnect();g()}}).observe({type:'largest-contentful-paint',buffered:true});var w=function(){l?setTimeout(g,1000):requestAnimationFrame(function(){requestAnimationFrame(g)})};document.readyState=='complete'?w():addEventListener('load',w,{once:true})})()"
