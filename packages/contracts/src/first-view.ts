/**
 * An admin page's first view (ADR 0022). The page's HTML carries the admin frame and
 * the page's heading, painted from the first bytes; its scripts are fetched only once that has
 * painted, by this tiny inline script, so a phone shows the page's largest text at once instead
 * of after every script. One string shared by the two sides that must agree on it byte for
 * byte: the web build writes it into the first-view pages (apps/web/build/route-pages.ts) and the
 * server's Content-Security-Policy allows exactly it by its SHA-256 hash. Imported as
 * `@ringback/contracts/first-view`, never through the index.
 */

/** The id of the JSON block that lists what the boot script loads: { entry, modules }. */
export const FIRST_VIEW_BOOT_DATA_ID = "first-view-boot";

/**
 * Puts the sidebar placeholder at the width the remembered sidebar state gives (the cookie the
 * sidebar writes) before the first paint, so nothing moves when the real one comes;
 * then, once the first contentful paint has happened (or after 500 ms at the latest, or at once
 * where paint timing is not supported), adds the page's module preloads and its entry script.
 */
export const FIRST_VIEW_BOOT_SCRIPT = `(function(){try{if(/(?:^|; )sidebar_state=false(?:;|$)/.test(document.cookie)){var w=document.querySelector("[data-first-view]");w&&w.style.setProperty("--sidebar-width","3rem")}}catch(e){}var done=false;function go(){if(done)return;done=true;var b=JSON.parse(document.getElementById("${FIRST_VIEW_BOOT_DATA_ID}").textContent),h=document.head,m=b.modules,i=0;(function more(){for(var e=Math.min(i+4,m.length);i<e;i++){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=m[i];h.appendChild(l)}if(i<m.length)return setTimeout(more,0);var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=b.entry;h.appendChild(s)})()}try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)setTimeout(go,0)}).observe({type:"paint",buffered:true});setTimeout(go,500)}catch(e){go()}})()`;
