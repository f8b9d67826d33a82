module swiss.test/floats

go 1.20
