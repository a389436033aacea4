// A certificate for push.clube.test (.test never resolves: RFC 6761), self-signed, valid until 2126, and its key: a
// test's HTTPS server presents it, and the client trusts it alone (the outbound guard's `ca`), so a call that reaches
// the server by a pinned address proves the name was kept for TLS. Made with
// `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 -subj "/CN=push.clube.test"
// -addext "subjectAltName=DNS:push.clube.test"`. Test material only: nothing outside the tests trusts it.

export const TEST_TLS_HOST = 'push.clube.test';

export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBpjCCAU2gAwIBAgIUbghjtjEe0eO2AxN482kWTys+zCYwCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPcHVzaC5jbHViZS50ZXN0MCAXDTI2MTEyOTAzNTAyMloYDzIx
MjYxMTA1MDM1MDIyWjAaMRgwFgYDVQQDDA9wdXNoLmNsdWJlLnRlc3QwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAATmZeyMwPBxxVx+YD9Tdvr0hHPqY7wUJcmGCmhP
83PyUihAdV0Bfb25yc0od0GNGHDwO0HuObEwo3WlrZpgJY7Io28wbTAdBgNVHQ4E
FgQUxgtLvlZURxyVpbkpqUQgul5a2ukwHwYDVR0jBBgwFoAUxgtLvlZURxyVpbkp
qUQgul5a2ukwDwYDVR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgg9wdXNoLmNsdWJl
LnRlc3QwCgYIKoZIzj0EAwIDRwAwRAIgaO524aeLBIolpoJe4TE4dfwFmq512N9c
HYv60X8DN+sCIBwj6SOihgd6m+IGx7VBfzBlcMKxxhwVfSU3F8zso1Xm
-----END CERTIFICATE-----
`;

export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgOV9+wYQ5QTYLUN5J
OhJ0Fd/0cGq5w80lgtw2EX76+M2hRANCAATmZeyMwPBxxVx+YD9Tdvr0hHPqY7wU
JcmGCmhP83PyUihAdV0Bfb25yc0od0GNGHDwO0HuObEwo3WlrZpgJY7I
-----END PRIVATE KEY-----
`;
