// Reads a PBN file with the npm package `pbn` and prints the number of items it emits.
// Used by bench/compare.sh to time a peer reader on the same plain file as pbnfmt.
const fs = require('fs');
const pbn = require('pbn');

let items = 0;
fs.createReadStream(process.argv[2])
  .pipe(pbn())
  .on('data', () => { items += 1; })
  .on('end', () => console.log(items))
  .on('error', (error) => {
    console.error(error.message);
    process.exit(1);
  });
