/**
 * Connections the embedded PGlite socket accepts. The pool uses one, but pg-pool discards a client whose query
 * failed and connects again at once, before the old socket has closed: with a limit of 1 that reconnect was refused
 * (the next query failed with EPIPE). pglite-socket's query queue serialises every statement and keeps an open
 * transaction's statements on its own connection, so a few connections are safe.
 */
export const EMBEDDED_SOCKET_MAX_CONNECTIONS = 4;
