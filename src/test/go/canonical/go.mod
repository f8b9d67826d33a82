module swiss.test/canonical

go 1.20
