/**
 * The server's own database: {@code plans}, the staging area between compose, diff and apply, keyed
 * by plan hash, a plan replaced only by a newer composition of the same hash that differs in what
 * the hash leaves out (see decision 0011); and {@code runs}, the append-only audit log of every
 * deploy, with the actor who asked for it. Beside them the login's shared state: {@code
 * login_failures} for the throttle and {@code revoked_tokens} for logouts, so every replica on one
 * database counts and refuses alike. One SQLite file on a volume for a single server; PostgreSQL
 * for several.
 *
 * <p>The database is an audit log, never the truth about what is deployed: that lives in the
 * cluster. The schema is owned by Flyway: the first migration is the reference's schema written in
 * each dialect ({@code db/sqlite}, {@code db/postgresql}), every later one runs on both. A database
 * written by the reference Go server is adopted as it is.
 */
package dev.modelsphere.swiss.store;
