'use client';
import { useEffect } from 'react';
import { whenLoadedAndIdle } from '@/lib/browser/when-idle';
import type { AppConfig } from '@/lib/config';

function addScript(id: string, script: { src: string } | { text: string }): void {
  if (document.getElementById(id)) return;
  const element = document.createElement('script');
  element.id = id;
  if ('src' in script) {
    element.src = script.src;
    element.async = true;
  } else {
    element.text = script.text;
  }
  document.body.appendChild(element);
}

/**
 * Tag manager and analytics are loaded only when their ids are configured, once the page has loaded and is idle (what
 * next/script's lazyOnload does, without sending next/script to every page, configured or not): their scripts never
 * compete with the first tap. Nothing at all without ids.
 */
export function AnalyticsScripts({ tagManagerId, analyticsId }: Pick<AppConfig, 'tagManagerId' | 'analyticsId'>) {
  useEffect(() => {
    if (!tagManagerId && !analyticsId) return undefined;
    return whenLoadedAndIdle(() => addTags(tagManagerId, analyticsId));
  }, [tagManagerId, analyticsId]);
  return null;
}

function addTags(tagManagerId: string | undefined, analyticsId: string | undefined): void {
  if (tagManagerId) {
    addScript('gtm', {
      text: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(tagManagerId)});`,
    });
  }
  if (analyticsId) {
    addScript('ga-src', { src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}` });
    addScript('ga', {
      text: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(analyticsId)});`,
    });
  }
}
