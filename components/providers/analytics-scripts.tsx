import Script from 'next/script';
import type { AppConfig } from '@/lib/config';

/** Tag manager and analytics are loaded only when their ids are configured; nothing at all otherwise. */
export function AnalyticsScripts({ tagManagerId, analyticsId }: Pick<AppConfig, 'tagManagerId' | 'analyticsId'>) {
  return (
    <>
      {tagManagerId && (
        <Script id="gtm" strategy="afterInteractive">
          {`(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(tagManagerId)});`}
        </Script>
      )}
      {analyticsId && (
        <>
          <Script
            id="ga-src"
            strategy="afterInteractive"
            src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`}
          />
          <Script id="ga" strategy="afterInteractive">
            {`window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(analyticsId)});`}
          </Script>
        </>
      )}
    </>
  );
}
