import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoding API that jose (and browsers) have.
Object.assign(globalThis, { TextEncoder, TextDecoder });
