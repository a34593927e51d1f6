package io.ccrj.dss.internal.http;

import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.rest.HostResources;
import io.ccrj.dss.internal.rest.RestTable;

import java.util.List;
import java.util.Map;

/**
 * The browser view: the directory page ({@code GET /}) and a service's page
 * ({@code GET /services/NAME} with {@code Accept: text/html}). Plain HTML and a little script, no
 * external resources. Element ids are stable (a WebDriver test drives them; docs/dss-services/reference.md,
 * "The browser view", lists them): {@code services}, {@code openapi}, {@code state}, {@code version}; one form per
 * operation the service supports: {@code query-body}/{@code query-submit},
 * {@code insert-body}/{@code insert-submit}, {@code upsert-key}/{@code upsert-body}/{@code upsert-submit},
 * {@code replace-body}/{@code replace-submit}, {@code update-body}/{@code update-submit},
 * {@code delete-key}/{@code delete-submit}, {@code action-NAME-body}/{@code action-NAME-submit}
 * per action; {@code token}, {@code result}, {@code notifications}, {@code stream-status};
 * {@code pictures}, holding an image {@code picture-PATH} for each string of the state that is an
 * SVG document (PATH its place, e.g. {@code picture-jobs.1.picture}), redrawn as the state changes. A body's
 * text area starts with the example body of the service's OpenAPI document (Replace: the state).
 */
final class HtmlPages {
    /** A directory row. */
    public record Entry(String name, String contract, String url) {
    }

    private static final String STYLE = """
            <style>
            body{font-family:system-ui,sans-serif;margin:2em;max-width:60em}
            pre,textarea{font-family:ui-monospace,monospace;font-size:90%}
            pre{background:#f4f4f4;padding:.8em;overflow:auto}
            textarea{width:100%;height:7em}
            table{border-collapse:collapse}td,th{padding:.3em 1em;border-bottom:1px solid #ddd;text-align:left}
            #notifications li{font-family:ui-monospace,monospace;font-size:90%}
            </style>
            """;

    /** The page's own style for the forms. */
    private static final String FORM_STYLE = "<style>input.key{font-family:ui-monospace,monospace;width:20em}</style>\n";

    private HtmlPages() {
    }

    /**
     * The forms a service page shows: only what the service supports.
     *
     * @param verbs the supported verbs among Query, Insert, Upsert, Replace, Update and Delete
     * @param updateBody the Update body's media type (used when Update is supported)
     * @param actions the Submit actions, one form each
     * @param examples the example bodies, indented JSON, keyed as the OpenAPI document's parts key
     *     them ({@code query}, {@code insert}, {@code upsert}, {@code update}, {@code action:NAME});
     *     a form without one starts with {@code {}}
     */
    public record Forms(java.util.Set<Verb> verbs, String updateBody, List<String> actions, Map<String, String> examples) {
    }

    /**
     * @param entries the running services
     * @return the directory page
     */
    public static String directory(List<Entry> entries) {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ccrj host</title>")
                .append(STYLE).append("</head><body>\n<h1>ccrj service host</h1>\n")
                .append("<table id=\"services\"><thead><tr><th>service</th><th>contract</th><th>JSON</th></tr></thead><tbody>\n");
        for (Entry e : entries) {
            String url = escape(e.url());
            sb.append("<tr><td><a id=\"service-").append(escape(e.name())).append("\" href=\"").append(url).append("\">")
                    .append(escape(e.name())).append("</a></td><td>").append(escape(e.contract()))
                    .append("</td><td><a href=\"").append(url).append("?format=json\">state</a></td></tr>\n");
        }
        sb.append("</tbody></table>\n<p><a href=\"").append(HostResources.DIRECTORY).append("\">directory as JSON</a> · ")
                .append("<a href=\"").append(HostResources.HEALTH).append("\">health</a> · <a href=\"")
                .append(HostResources.METRICS).append("\">metrics</a> · <a id=\"openapi\" href=\"")
                .append(HostResources.OPENAPI_PATH).append("\">OpenAPI document</a></p>\n")
                .append("</body></html>\n");
        return sb.toString();
    }

    /**
     * @param name the service's name
     * @param contract its contract
     * @param statePretty its state, indented JSON
     * @param version its version
     * @param events the notification actions to listen for
     * @param tokenRequired whether modifications need a bearer token
     * @param forms the forms the service supports
     * @return the service page
     */
    public static String service(String name, String contract, String statePretty, long version, List<String> events,
                                 boolean tokenRequired, Forms forms) {
        String n = escape(name);
        StringBuilder sb = new StringBuilder(4096);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(n)
                .append(" · ccrj</title>").append(STYLE).append(FORM_STYLE).append("</head><body>\n")
                .append("<p><a href=\"").append(HostResources.INDEX).append("\">all services</a> · <a id=\"openapi\" href=\"")
                .append(escape(RestTable.fill(HostResources.SERVICE_DOCUMENT, name)))
                .append("\">OpenAPI document</a></p>\n<h1 id=\"name\">").append(n).append("</h1>\n")
                .append("<p>contract <code id=\"contract\">").append(escape(contract))
                .append("</code>, version <code id=\"version\">").append(version).append("</code></p>\n")
                .append("<h2>State</h2>\n<pre id=\"state\">").append(escape(statePretty)).append("</pre>\n")
                // Pictures: every string of the state that is an SVG document, drawn as an image.
                .append("<div id=\"pictures\"></div>\n");
        if (tokenRequired) {
            sb.append("<p><label>Bearer token <input id=\"token\" type=\"password\" autocomplete=\"off\"></label></p>\n");
        }
        java.util.Set<Verb> verbs = forms.verbs();
        if (verbs.contains(Verb.QUERY)) {
            form(sb, "query", "Query", "Part of the state: the query as a JSON body.", null, forms.examples().getOrDefault("query", "{}"),
                    Verb.QUERY, "application/json");
        }
        if (verbs.contains(Verb.INSERT)) {
            form(sb, "insert", "Insert", "Adds an item; 409 if it exists.", null, forms.examples().getOrDefault("insert", "{}"),
                    Verb.INSERT, "application/json");
        }
        if (verbs.contains(Verb.UPSERT)) {
            form(sb, "upsert", "Upsert", "Inserts or replaces the item with this key.", "", forms.examples().getOrDefault("upsert", "{}"),
                    Verb.UPSERT, "application/json");
        }
        if (verbs.contains(Verb.REPLACE)) {
            form(sb, "replace", "Replace", "A whole state.", null, statePretty, Verb.REPLACE, "application/json");
        }
        if (verbs.contains(Verb.UPDATE)) {
            boolean mergePatch = forms.updateBody().equals("application/merge-patch+json");
            form(sb, "update", "Update", mergePatch ? "A JSON Merge Patch (RFC 7396) of the state."
                            : "The service's own Update: a JSON body, sent as <code>" + escape(forms.updateBody()) + "</code>.",
                    null, forms.examples().getOrDefault("update", "{}"), Verb.UPDATE, forms.updateBody());
        }
        if (verbs.contains(Verb.DELETE)) {
            form(sb, "delete", "Delete", "Removes the item with this key; 404 if absent.", "", null, Verb.DELETE,
                    "application/json");
        }
        for (String a : forms.actions()) {
            String id = escape(a);
            RestTable.Route r = RestTable.encode(Verb.SUBMIT, true);
            String example = forms.examples().getOrDefault("action:" + a, "{}");
            sb.append("<h2>Action <code>").append(id).append("</code></h2>\n")
                    .append("<textarea id=\"action-").append(id).append("-body\">").append(escape(example))
                    .append("</textarea>\n")
                    .append("<button id=\"action-").append(id).append("-submit\" type=\"button\" data-action=\"")
                    .append(id).append("\" data-method=\"").append(r.method().name()).append("\" data-path=\"")
                    .append(escape(r.path())).append("\" data-body=\"action-").append(id)
                    .append("-body\" data-type=\"application/json\">Submit ").append(id)
                    .append(" (").append(r.method().name()).append(")</button>\n");
        }
        sb.append("<p>Last answer: <code id=\"result\"></code></p>\n")
                .append("<h2>Notifications <small id=\"stream-status\">connecting</small></h2>\n<ul id=\"notifications\"></ul>\n")
                .append("<script>\n(function(){\n")
                .append("const url='").append(jsString(RestTable.SERVICES)).append('/').append(jsString(name)).append("';\n")
                .append("const events=").append(jsArray(events)).append(";\n")
                .append("""
                        const $=id=>document.getElementById(id);
                        function headers(type){const h={'Content-Type':type};const t=$('token');
                          if(t&&t.value){h['Authorization']='Bearer '+t.value;}return h;}
                        async function refresh(){const r=await fetch(url,{headers:{'Accept':'application/json'}});
                          if(r.ok){const st=await r.json();$('state').textContent=JSON.stringify(st,null,2);pictures(st);
                          $('version').textContent=(r.headers.get('ETag')||'').replace(/"/g,'');}}
                        function pictures(st){const seen=new Set();(function walk(v,p){
                          if(typeof v==='string'){if(v.startsWith('<svg')){const id='picture-'+p.join('.');seen.add(id);
                            let img=$(id);if(!img){img=document.createElement('img');img.id=id;img.alt=p.join('.');
                            $('pictures').appendChild(img);}
                            const src='data:image/svg+xml;charset=utf-8,'+encodeURIComponent(v);if(img.src!==src){img.src=src;}}}
                          else if(v&&typeof v==='object'){Object.keys(v).forEach(k=>walk(v[k],p.concat(k)));}})(st,[]);
                          Array.from($('pictures').children).forEach(c=>{if(!seen.has(c.id)){c.remove();}});}
                        try{pictures(JSON.parse($('state').textContent));}catch(e){}
                        async function send(method,type,text,target){let r;
                          try{r=await fetch(target||url,{method:method,headers:headers(type),body:text});}
                          catch(e){$('result').textContent='error: '+e;return;}
                          const body=await r.text();$('result').textContent=r.status+' '+body;
                          if(r.ok){refresh();}}
                        document.querySelectorAll('button[data-method]').forEach(b=>b.addEventListener('click',()=>{
                          let path=b.dataset.path;const d=b.dataset;
                          if(d.key){path=path.replace('{key}',encodeURIComponent($(d.key).value));}
                          if(d.action){path=path.replace('{action}',encodeURIComponent(d.action));}
                          send(d.method,d.type,d.body?$(d.body).value:undefined,url+path);}));
                        const es=new EventSource(url+'/notifications');
                        es.onopen=()=>{$('stream-status').textContent='live';};
                        es.onerror=()=>{$('stream-status').textContent='reconnecting';};
                        function show(e){const li=document.createElement('li');
                          li.textContent='#'+e.lastEventId+' '+e.type+' '+e.data;li.dataset.action=e.type;
                          li.dataset.sequence=e.lastEventId;$('notifications').appendChild(li);refresh();}
                        events.forEach(a=>es.addEventListener(a,show));
                        es.onmessage=show;
                        es.addEventListener('close',()=>{$('stream-status').textContent='closed';es.close();});
                        })();
                        </script>
                        </body></html>
                        """);
        return sb.toString();
    }

    /**
     * One operation's form: a key field (Upsert, Delete), a body (with the example), a button that
     * says the method and the path template (from the REST table) the script sends.
     */
    private static void form(StringBuilder sb, String id, String title, String what, String key, String body, Verb verb,
                             String type) {
        RestTable.Route r = RestTable.encode(verb, body != null);
        sb.append("<h2>").append(title).append("</h2>\n<p>").append(what).append("</p>\n");
        if (key != null) {
            sb.append("<p><label>key <input id=\"").append(id).append("-key\" class=\"key\" placeholder=\"key\" autocomplete=\"off\"></label></p>\n");
        }
        if (body != null) {
            sb.append("<textarea id=\"").append(id).append("-body\">").append(escape(body)).append("</textarea>\n");
        }
        sb.append("<button id=\"").append(id).append("-submit\" type=\"button\" data-method=\"").append(r.method().name())
                .append("\" data-path=\"").append(escape(r.path())).append("\" data-type=\"").append(escape(type)).append('"');
        if (key != null) {
            sb.append(" data-key=\"").append(id).append("-key\"");
        }
        if (body != null) {
            sb.append(" data-body=\"").append(id).append("-body\"");
        }
        sb.append('>').append(title).append(" (").append(r.method().name()).append(")</button>\n");
    }

    /**
     * @param s text
     * @return it escaped for HTML element content and attribute values
     */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String jsString(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-') {
                sb.append(c);
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb.toString();
    }

    private static String jsArray(List<String> items) {
        StringBuilder sb = new StringBuilder("[");
        for (String s : items) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            sb.append('\'').append(jsString(s)).append('\'');
        }
        return sb.append(']').toString();
    }
}
