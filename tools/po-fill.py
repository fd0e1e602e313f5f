#!/usr/bin/env python3
"""Fill empty msgstr entries of a .po file from a JSON dictionary {msgid: translation}.
Usage: po-fill.py catalog.po translations.json   (a developer tool; catalogs stay the source of truth)"""
import json, re, sys

po_path, dict_path = sys.argv[1], sys.argv[2]
table = json.load(open(dict_path, encoding='utf-8'))
text = open(po_path, encoding='utf-8').read()

def unquote(s):
    return json.loads(s)

def repl(m):
    msgid = unquote(m.group(1))
    if msgid in table and m.group(2) == '""':
        return f'msgid {m.group(1)}\nmsgstr {json.dumps(table[msgid], ensure_ascii=False)}'
    return m.group(0)

text = re.sub(r'^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")', repl, text, flags=re.M)
open(po_path, 'w', encoding='utf-8').write(text)
missing = [unquote(m) for m in re.findall(r'^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ""$', text, flags=re.M) if unquote(m)]
print(f"{po_path}: {len(missing)} still empty")
for m in missing: print('  ', m)
