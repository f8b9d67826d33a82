/**
 * The server's own database (SQLite, one file on a volume): {@code plans}, the staging area between
 * compose, diff and apply, keyed by plan hash and never changed once written; and {@code runs}, the
 * append-only audit log of every deploy, with the actor who asked for it.
 *
 * <p>The database is an audit log, never the truth about what is deployed: that lives in the
 * cluster. The schema is owned by Flyway migrations in {@code db/migration}; a database written by
 * the reference Go server is adopted as it is.
 */
package dev.modelsphere.swiss.store;
