package io.ccrj.dss.internal;

import java.util.List;

/**
 * The browser view: the directory page ({@code GET /}) and a service's page
 * ({@code GET /services/NAME} with {@code Accept: text/html}). Plain HTML and a little script, no
 * external resources. Element ids are stable (a WebDriver test drives them; docs/dss-services.md
 * lists them): {@code services}, {@code state}, {@code version}, {@code replace-body},
 * {@code replace-submit}, {@code update-body}, {@code update-submit} (each only when the service
 * supports it), {@code action-NAME-body} and {@code action-NAME-submit} per action, {@code token},
 * {@code result}, {@code notifications}, {@code stream-status}.
 */
public final class HtmlPages {
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

    // the methods the forms send, from the one REST table the router decodes with
    private static final String REPLACE_METHOD = RestTable.encode(io.ccrj.dss.Verb.REPLACE, true).method().name();
    private static final String UPDATE_METHOD = RestTable.encode(io.ccrj.dss.Verb.UPDATE, true).method().name();
    private static final String SUBMIT_METHOD = RestTable.encode(io.ccrj.dss.Verb.SUBMIT, true).method().name();

    private HtmlPages() {
    }

    /**
     * The forms a service page shows: only what the service supports.
     *
     * @param replace whether Replace is bound
     * @param updateBody the Update body's media type, or {@code null} if Update is not bound
     * @param actions the Submit actions, one form each
     */
    public record Forms(boolean replace, String updateBody, List<String> actions) {
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
        sb.append("</tbody></table>\n<p><a href=\"/directory\">directory as JSON</a> · <a href=\"/health\">health</a> · ")
                .append("<a href=\"/metrics\">metrics</a></p>\n</body></html>\n");
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
                .append(" · ccrj</title>").append(STYLE).append("</head><body>\n")
                .append("<p><a href=\"/\">all services</a></p>\n<h1 id=\"name\">").append(n).append("</h1>\n")
                .append("<p>contract <code id=\"contract\">").append(escape(contract))
                .append("</code>, version <code id=\"version\">").append(version).append("</code></p>\n")
                .append("<h2>State</h2>\n<pre id=\"state\">").append(escape(statePretty)).append("</pre>\n");
        if (tokenRequired) {
            sb.append("<p><label>Bearer token <input id=\"token\" type=\"password\" autocomplete=\"off\"></label></p>\n");
        }
        if (forms.replace()) {
            sb.append("<h2>Replace</h2>\n<textarea id=\"replace-body\">").append(escape(statePretty)).append("</textarea>\n")
                    .append("<button id=\"replace-submit\" type=\"button\" data-method=\"").append(REPLACE_METHOD)
                    .append("\">Replace (").append(REPLACE_METHOD).append(")</button>\n");
        }
        if (forms.updateBody() != null) {
            boolean mergePatch = forms.updateBody().equals("application/merge-patch+json");
            sb.append("<h2>Update</h2>\n<p>").append(mergePatch ? "A JSON Merge Patch (RFC 7396) of the state."
                            : "The service's own Update: a JSON body, sent as <code>" + escape(forms.updateBody()) + "</code>.")
                    .append("</p>\n<textarea id=\"update-body\">{}</textarea>\n")
                    .append("<button id=\"update-submit\" type=\"button\" data-type=\"").append(escape(forms.updateBody()))
                    .append("\" data-method=\"").append(UPDATE_METHOD).append("\">Update (").append(UPDATE_METHOD)
                    .append(")</button>\n");
        }
        for (String a : forms.actions()) {
            String id = escape(a);
            sb.append("<h2>Action <code>").append(id).append("</code></h2>\n")
                    .append("<textarea id=\"action-").append(id).append("-body\">{}</textarea>\n")
                    .append("<button id=\"action-").append(id).append("-submit\" type=\"button\" data-action=\"")
                    .append(id).append("\" data-method=\"").append(SUBMIT_METHOD).append("\">Submit ").append(id)
                    .append(" (").append(SUBMIT_METHOD).append(")</button>\n");
        }
        sb.append("<p>Last answer: <code id=\"result\"></code></p>\n")
                .append("<h2>Notifications <small id=\"stream-status\">connecting</small></h2>\n<ul id=\"notifications\"></ul>\n")
                .append("<script>\n(function(){\n")
                .append("const url='/services/").append(jsString(name)).append("';\n")
                .append("const events=").append(jsArray(events)).append(";\n")
                .append("""
                        const $=id=>document.getElementById(id);
                        function headers(type){const h={'Content-Type':type};const t=$('token');
                          if(t&&t.value){h['Authorization']='Bearer '+t.value;}return h;}
                        async function refresh(){const r=await fetch(url,{headers:{'Accept':'application/json'}});
                          if(r.ok){$('state').textContent=JSON.stringify(await r.json(),null,2);
                          $('version').textContent=(r.headers.get('ETag')||'').replace(/"/g,'');}}
                        async function send(method,type,text,target){let r;
                          try{r=await fetch(target||url,{method:method,headers:headers(type),body:text});}
                          catch(e){$('result').textContent='error: '+e;return;}
                          const body=await r.text();$('result').textContent=r.status+' '+body;
                          if(r.ok){refresh();}}
                        const on=(id,f)=>{const e=$(id);if(e){e.addEventListener('click',()=>f(e));}};
                        on('replace-submit',b=>send(b.dataset.method,'application/json',$('replace-body').value));
                        on('update-submit',b=>send(b.dataset.method,b.dataset.type,$('update-body').value));
                        document.querySelectorAll('button[data-action]').forEach(b=>b.addEventListener('click',()=>
                          send(b.dataset.method,'application/json',$('action-'+b.dataset.action+'-body').value,
                            url+'/actions/'+encodeURIComponent(b.dataset.action))));
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
                        """.replace("'/actions/'", "'" + RestTable.ACTION.replace("{action}", "") + "'"));
        return sb.toString();
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
