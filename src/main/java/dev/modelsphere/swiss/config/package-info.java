/**
 * The one config document read by both {@code swiss} and {@code swiss serve}: where the catalog and
 * the site profile are, which cluster to talk to, the server's settings and the Canary keys.
 *
 * <p>Parsing is strict: an unknown key is refused, so a typo cannot pass for a setting.
 */
package dev.modelsphere.swiss.config;
