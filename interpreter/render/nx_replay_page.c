/* The replay page's fixed HTML, CSS and script (nx_cli_replay.c fills in
 * the title, the board's map and the steps).  Self-contained: nothing is
 * fetched.  The board stays hidden until the script has drawn a step, so
 * a page whose script failed is visibly empty (and fails the screenshot
 * test) rather than showing a bare map. */

const char nx_replay_page_head[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<style>\n"
    "body{margin:0;font-family:'DejaVu Sans',Verdana,sans-serif;background:#fbf6ec;color:#222}\n"
    "#bar{position:sticky;top:0;background:#3b2410;color:#fff;padding:8px 12px;display:flex;gap:8px;align-items:center;z-index:1}\n"
    "#bar button{font-size:16px;min-width:44px}\n#bar input{flex:1}\n#where{min-width:260px;font-size:14px}\n"
    "#main{display:flex;gap:10px;align-items:flex-start}\n"
    "#board{flex:0 1 1100px;visibility:hidden}\n.ready #board{visibility:visible}\n#board svg{width:100%;height:auto}\n"
    "#log{flex:1 1 300px;max-height:90vh;overflow-y:auto;font-size:13px;padding:6px 10px;border-left:1px solid #c9a26b}\n"
    "#log div{padding:1px 0}\n#log .cur{background:#f6d58e;font-weight:bold}\n#log .later{display:none}\n"
    "#log .step{color:#7a5634;font-size:11px;margin-top:4px}\n#log pre{white-space:pre-wrap;font-size:11px;margin:2px 0;color:#1d3557}\n"
    "</style>\n";

const char nx_replay_page_controls[] =
    "<div id=\"bar\"><button id=\"first\" title=\"first (Home)\">|&#x25C0;</button>"
    "<button id=\"prev\" title=\"previous (Left)\">&#x25C0;</button>"
    "<button id=\"next\" title=\"next (Right)\">&#x25B6;</button>"
    "<button id=\"last\" title=\"last (End)\">&#x25B6;|</button>"
    "<input type=\"range\" id=\"slider\" min=\"0\" value=\"0\"><span id=\"where\"></span></div>\n"
    "<noscript><p>This page steps through the game with JavaScript: please enable it.</p></noscript>\n"
    "<div id=\"main\">\n";

const char nx_replay_page_tail[] =
    "<div id=\"log\"></div>\n</div>\n"
    "<script>\n"
    "(function(){\n"
    "var D=JSON.parse(document.getElementById('data').textContent),S=D.steps,P=D.parts;\n"
    "var pieces=document.getElementById('pieces'),log=document.getElementById('log');\n"
    "var slider=document.getElementById('slider'),where=document.getElementById('where');\n"
    "var rows=[];\n"
    "S.forEach(function(s,i){\n"
    "  var h=document.createElement('div');h.className='step';\n"
    "  h.textContent=(i?'action '+i:'setup')+' \\u2014 turn '+s.turn+', '+s.phase.replace(/_/g,' ');\n"
    "  log.appendChild(h);rows.push([i,h,'step']);\n"
    "  if(s.action){var pre=document.createElement('pre');pre.textContent='your action: '+JSON.stringify(s.action);log.appendChild(pre);rows.push([i,pre,'']);}\n"
    "  s.log.forEach(function(l){var d=document.createElement('div');d.textContent=l;log.appendChild(d);rows.push([i,d,'']);});\n"
    "});\n"
    "slider.max=S.length-1;\n"
    "var cur=-1;\n"
    "function show(i){\n"
    "  i=Math.max(0,Math.min(S.length-1,i));if(i===cur)return;cur=i;\n"
    "  pieces.innerHTML=S[i].p.map(function(k){return P[k];}).join('');\n"
    "  var first=null;\n"
    "  rows.forEach(function(r){var c=r[0]===i?'cur':r[0]>i?'later':'';r[1].className=(r[2]+' '+c).trim();if(c==='cur'&&!first)first=r[1];});\n"
    "  if(first)first.scrollIntoView({block:'nearest'});\n"
    "  slider.value=i;where.textContent='step '+i+' of '+(S.length-1)+' (as '+D.viewer+')';\n"
    "  if(history.replaceState)history.replaceState(null,'','#'+i);\n"
    "}\n"
    "document.getElementById('first').onclick=function(){show(0);};\n"
    "document.getElementById('prev').onclick=function(){show(cur-1);};\n"
    "document.getElementById('next').onclick=function(){show(cur+1);};\n"
    "document.getElementById('last').onclick=function(){show(S.length-1);};\n"
    "slider.oninput=function(){show(+slider.value);};\n"
    "document.addEventListener('keydown',function(e){\n"
    "  var k={ArrowLeft:cur-1,ArrowRight:cur+1,Home:0,End:S.length-1}[e.key];\n"
    "  if(k!==undefined){e.preventDefault();show(k);}\n"
    "});\n"
    "var h=parseInt((location.hash||'').slice(1),10);\n"
    "show(isNaN(h)?0:h);\n"
    "document.body.classList.add('ready');\n"
    "})();\n"
    "</script>\n</body>\n</html>";
