import { startLocalS3 } from './local-s3';

/**
 * Runs s3rver until SIGTERM or SIGINT, with one bucket (argv[2]); prints the bucket's settings as one JSON line
 * once it answers. Started by local-s3-process.ts.
 */
startLocalS3(process.argv[2] ?? 'clube').then(
  (s3) => {
    process.stdout.write(`${JSON.stringify(s3.settings(''))}\n`);
    const close = () => void s3.close().finally(() => process.exit(0));
    process.once('SIGTERM', close);
    process.once('SIGINT', close);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
