// The widget's translation modules register themselves on import and export nothing we use.
declare module 'altcha/i18n/pt-br';
