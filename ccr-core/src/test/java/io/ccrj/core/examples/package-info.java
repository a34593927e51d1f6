/**
 * Runnable examples of every ccr-core primitive. The regions between {@code // tag::name[]} and
 * {@code // end::name[]} are copied verbatim into the ccr-core guide's chapters ({@code docs/ccr-core/}) by
 * {@code docs/tools/sync-snippets.py}; {@code ExamplesTest} runs every example and checks what it
 * observes, and {@code DocsSnippetsTest} fails when the guide and these sources disagree.
 */
package io.ccrj.core.examples;
