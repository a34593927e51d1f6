import json,statistics as st,random,sys
rows={}
for side in ['unsafe','varhandle']:
    for r in [1,2]:
        for b in json.load(open(f'{side}-{r}.json')):
            pm=b['primaryMetric']
            key=(b['benchmark'].split('.')[-2]+'.'+b['benchmark'].split('.')[-1], b['params'].get('target'), b['mode'], pm['scoreUnit'])
            if 'rawData' in pm:
                forks=[st.mean(f) for f in pm['rawData']]
            else:
                forks=[]
                for f in pm['rawDataHistogram']:
                    tot=0;n=0
                    for it in f:
                        for v,c in it: tot+=v*c;n+=c
                    forks.append(tot/n)
            rows.setdefault(key,{}).setdefault(side,[]).extend(forks)
random.seed(1)
for k,v in sorted(rows.items()):
    a=v['unsafe']; b=v['varhandle']
    ma=st.median(a); mb=st.median(b)
    boots=sorted(st.median([random.choice(b) for _ in b])/st.median([random.choice(a) for _ in a]) for _ in range(4000))
    print(f"| {k[0]} {k[1]} ({k[3]}) | {ma:.4g} ({min(a):.4g} .. {max(a):.4g}, {len(a)} forks) | {mb:.4g} ({min(b):.4g} .. {max(b):.4g}, {len(b)} forks) | {mb/ma:.3f} ({boots[100]:.3f} .. {boots[3899]:.3f}) |")
